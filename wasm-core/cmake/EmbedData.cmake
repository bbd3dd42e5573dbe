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

# Embeds the example catalogue (examples/*.json at the repository root, examples/README.md) for
# the native CLI: <build>/embedded/switchlab_catalogue/examples.inc holds one
# {"NAME", R"SLDATA(text)SLDATA"} initializer per example, in file-name order, so
# `switchlab-sim run --example NAME` works wherever the binary is copied to. Only the CLI includes
# it: the browser bundles the catalogue itself and the API reads the folder.
function(switchlab_embed_catalogue out_include_dir examples_dir)
  set(dir ${CMAKE_BINARY_DIR}/embedded/switchlab_catalogue)
  file(MAKE_DIRECTORY ${dir})
  file(GLOB files CONFIGURE_DEPENDS ${examples_dir}/*.json)
  list(SORT files)
  set(inc "")
  foreach(f ${files})
    get_filename_component(name ${f} NAME_WE)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${f})
    file(READ ${f} content)
    string(APPEND inc "{\"${name}\", R\"SLDATA(${content})SLDATA\"},\n")
  endforeach()
  file(WRITE ${dir}/examples.inc.tmp "${inc}")
  file(COPY_FILE ${dir}/examples.inc.tmp ${dir}/examples.inc ONLY_IF_DIFFERENT)
  set(${out_include_dir} ${dir} PARENT_SCOPE)
endfunction()
