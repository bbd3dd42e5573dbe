# Embeds each data/<name>.json as a C++ raw string in <build>/embedded/switchlab_data/<name>.inc,
# so fitted coefficients ship as data in the repository yet need no file I/O at run time
# (the WASM build has no file system).
function(switchlab_embed_data out_include_dir)
  set(dir ${CMAKE_BINARY_DIR}/embedded)
  file(MAKE_DIRECTORY ${dir}/switchlab_data)
  foreach(f ${ARGN})
    get_filename_component(name ${f} NAME_WE)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${f})
    file(READ ${f} content)
    file(WRITE ${dir}/switchlab_data/${name}.inc.tmp "R\"SLDATA(${content})SLDATA\"\n")
    file(COPY_FILE ${dir}/switchlab_data/${name}.inc.tmp ${dir}/switchlab_data/${name}.inc ONLY_IF_DIFFERENT)
  endforeach()
  set(${out_include_dir} ${dir} PARENT_SCOPE)
endfunction()
